// Buttons, and the look of a button for other elements. Kept apart from ./button.tsx (which adds
// LinkButton) so that what needs no link (the error screens) does not bring next/link's script.
import styles from "./button.module.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

export type ButtonLook = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

/** The class names for a button's look, for the rare element that cannot be a Button or LinkButton. */
export function buttonClassName({ variant = "primary", size = "md", className }: ButtonLook = {}): string {
  return [styles.button, styles[variant], styles[size], className].filter(Boolean).join(" ");
}

export type ButtonProps = React.ComponentPropsWithRef<"button"> & ButtonLook;

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, className })} {...props} />;
}
