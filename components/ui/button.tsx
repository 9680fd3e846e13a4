// Buttons and links that look like buttons. Use LinkButton for navigation, Button for actions.
import { Link } from "@/components/i18n/link";
import styles from "./button.module.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

type ButtonLook = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

/** The class names for a button's look, for the rare element that cannot be a Button or LinkButton. */
export function buttonClassName({ variant = "primary", size = "md", className }: ButtonLook = {}): string {
  return [styles.button, styles[variant], styles[size], className].filter(Boolean).join(" ");
}

export type ButtonProps = React.ComponentPropsWithRef<"button"> & ButtonLook;

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, className })} {...props} />;
}

export type LinkButtonProps = React.ComponentPropsWithRef<typeof Link> & ButtonLook;

export function LinkButton({ variant, size, className, ...props }: LinkButtonProps) {
  return <Link className={buttonClassName({ variant, size, className })} {...props} />;
}
