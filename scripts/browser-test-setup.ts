/**
 * Set-up of the component tests (the ui and web projects, real Chromium).
 * The theme is loaded as the app loads it (apps/web/src/main.tsx), so a test lays out, clicks
 * and reads the screen a user sees, drawn with the fonts the product ships, on any machine.
 */
import '../packages/ui/src/theme.css';

// React's act() environment flag for component tests running in the browser.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
