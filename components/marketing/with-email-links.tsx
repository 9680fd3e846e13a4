// Plain copy with its email addresses turned into mailto links.

const EMAIL = /([a-z0-9.-]+@[a-z0-9-]+\.[a-z]+)/i;

/** The text with each email address turned into a mailto link. */
export function WithEmailLinks({ text }: { text: string }) {
  return text.split(EMAIL).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={`mailto:${part}`}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}
