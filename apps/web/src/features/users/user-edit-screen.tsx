// Placeholder until the users feature lands; replaced by its screen.
export default function Screen() {
  return <main id="main" />;
}
