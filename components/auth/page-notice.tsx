// The one-off notice of the page's address, in the page's language: the texts of the `catalogue`'s
// notices travel with the page (the address still carries only the key). Every page that shows a
// notice uses this, so none can forget to hand its language's texts down.
import { getMessages } from "next-intl/server";
import { NoticeFromAddress } from "./notice-from-address";

export async function PageNotice({ className }: { className?: string }) {
  const messages = await getMessages();
  const notices = (messages.catalogue as { notices: Record<string, string> }).notices;
  return <NoticeFromAddress className={className} notices={notices} />;
}
