// A white panel with a border and soft shadow, for grouping related content.
import styles from "./card.module.css";

type CardElement = "div" | "article" | "section" | "li" | "aside";

export type CardProps = React.HTMLAttributes<HTMLElement> & {
  as?: CardElement;
  /** "flat" drops the shadow, for cards inside tinted sections. */
  tone?: "raised" | "flat";
};

export function Card({ as: Element = "div", tone = "raised", className, ...props }: CardProps) {
  return <Element className={[styles.card, styles[tone], className].filter(Boolean).join(" ")} {...props} />;
}
