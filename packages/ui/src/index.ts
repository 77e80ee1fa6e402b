export { cn, focusRing } from './cn.ts';
export { Button, buttonVariants, type ButtonProps } from './button.tsx';
