// The one-off notice of the page's address, in the page's language: the texts of the `catalogue`'s
// notices travel with the page (the address still carries only the key). Every page that shows a
// notice uses this, so none can forget to hand its language's texts down.
// `problem` adds what the page itself found wrong with its address (a paging link that is not the list's),
// said as an error above the content it shows instead.
import { getMessages } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { NoticeFromAddress } from "./notice-from-address";

export async function PageNotice({ className, problem = null }: { className?: string; problem?: string | null }) {
  const messages = await getMessages();
  const notices = (messages.catalogue as { notices: Record<string, string> }).notices;
  const notice = <NoticeFromAddress className={className} notices={notices} />;
  if (!problem) return notice;
  return (
    <>
      {notice}
      <Alert tone="error">
        <p>{problem}</p>
      </Alert>
    </>
  );
}
