// Buttons and links that look like buttons. Use LinkButton for navigation, Button for actions.
import { Link } from "@/components/i18n/link";
import { buttonClassName, type ButtonLook } from "./button-base";

export { Button, buttonClassName, type ButtonLook, type ButtonProps, type ButtonSize, type ButtonVariant } from "./button-base";

export type LinkButtonProps = React.ComponentPropsWithRef<typeof Link> & ButtonLook;

export function LinkButton({ variant, size, className, ...props }: LinkButtonProps) {
  return <Link className={buttonClassName({ variant, size, className })} {...props} />;
}
