// Stories run as Vitest tests in Chromium; @storybook/addon-vitest applies the project's
// annotations (preview.tsx, the a11y addon) itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
