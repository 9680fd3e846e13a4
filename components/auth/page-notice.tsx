// The one-off notice of the page's address, in the page's language (the texts of the `account`
// catalogue's notices travel with the page; the address still carries only the key).
import { getMessages } from "next-intl/server";
import { NoticeFromAddress } from "./notice-from-address";

export async function PageNotice({ className }: { className?: string }) {
  const messages = await getMessages();
  const notices = (messages.account as { notices?: Record<string, string> } | undefined)?.notices;
  return <NoticeFromAddress className={className} notices={notices} />;
}
