/**
 * Set-up of the component tests (the ui and web projects, real Chromium).
 * The theme is loaded as the app loads it (apps/web/src/main.tsx), so a test lays out, clicks
 * and reads the screen a user sees, drawn with the fonts the product ships, on any machine.
 */
import { beforeEach } from 'vitest';
import '../packages/ui/src/theme.css';

// React's act() environment flag for component tests running in the browser.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Each test starts from an empty tab session and empty saved choices (sessionStorage and
// localStorage are shared by every test file's frame in the one browser): what one test
// remembered (a session, the language a test chose) must not steer the next.
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
