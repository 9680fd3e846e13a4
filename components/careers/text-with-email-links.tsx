import { splitEmails } from "@/lib/careers/format";

/** Plain text with its e-mail addresses as mailto links. */
export function TextWithEmailLinks({ text }: { text: string }) {
  return (
    <>
      {splitEmails(text).map((part, index) =>
        part.kind === "email" ? (
          <a key={index} href={`mailto:${part.address}`}>
            {part.address}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
