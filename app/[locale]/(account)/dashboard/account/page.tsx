// The dashboard's "Account" tile leads here: the same page as /account.
export { default, generateMetadata } from "../../account/page";
