// Every language's message catalogue, imported once: the server's translator (lib/i18n/translator.ts)
// and next-intl's per-request configuration (./request.ts) read them from here. Server code only: a
// client component gets the namespaces it needs through components/i18n/client-messages.tsx.
import type { AbstractIntlMessages } from "next-intl";
import enCatalogue from "../messages/en/catalogue.json";
import enCommon from "../messages/en/common.json";
import enErrors from "../messages/en/errors.json";
import enHome from "../messages/en/home.json";
import enPages from "../messages/en/pages.json";
import enLegal from "../messages/en/legal.json";
import enCareers from "../messages/en/careers.json";
import enAuth from "../messages/en/auth.json";
import enAccount from "../messages/en/account.json";
import enRequest from "../messages/en/request.json";
import enJob from "../messages/en/job.json";
import enDashboard from "../messages/en/dashboard.json";
import enValidation from "../messages/en/validation.json";
import enMail from "../messages/en/mail.json";
import enApi from "../messages/en/api.json";
import enOps from "../messages/en/ops.json";
import enJoin from "../messages/en/join.json";
import enPro from "../messages/en/pro.json";
import enInvoices from "../messages/en/invoices.json";
import enNotifications from "../messages/en/notifications.json";
import nlCatalogue from "../messages/nl/catalogue.json";
import nlCommon from "../messages/nl/common.json";
import nlErrors from "../messages/nl/errors.json";
import nlHome from "../messages/nl/home.json";
import nlPages from "../messages/nl/pages.json";
import nlLegal from "../messages/nl/legal.json";
import nlCareers from "../messages/nl/careers.json";
import nlAuth from "../messages/nl/auth.json";
import nlAccount from "../messages/nl/account.json";
import nlRequest from "../messages/nl/request.json";
import nlJob from "../messages/nl/job.json";
import nlDashboard from "../messages/nl/dashboard.json";
import nlValidation from "../messages/nl/validation.json";
import nlMail from "../messages/nl/mail.json";
import nlApi from "../messages/nl/api.json";
import nlOps from "../messages/nl/ops.json";
import nlJoin from "../messages/nl/join.json";
import nlPro from "../messages/nl/pro.json";
import nlInvoices from "../messages/nl/invoices.json";
import nlNotifications from "../messages/nl/notifications.json";
import type { Locale } from "./locales";
import type { Namespace } from "./namespaces";

export type Catalogue = Record<Namespace, AbstractIntlMessages>;

const imported = {
  en: {
    catalogue: enCatalogue,
    common: enCommon,
    errors: enErrors,
    home: enHome,
    pages: enPages,
    legal: enLegal,
    careers: enCareers,
    auth: enAuth,
    account: enAccount,
    request: enRequest,
    job: enJob,
    dashboard: enDashboard,
    validation: enValidation,
    mail: enMail,
    api: enApi,
    ops: enOps,
    join: enJoin,
    pro: enPro,
    invoices: enInvoices,
    notifications: enNotifications,
  },
  nl: {
    catalogue: nlCatalogue,
    common: nlCommon,
    errors: nlErrors,
    home: nlHome,
    pages: nlPages,
    legal: nlLegal,
    careers: nlCareers,
    auth: nlAuth,
    account: nlAccount,
    request: nlRequest,
    job: nlJob,
    dashboard: nlDashboard,
    validation: nlValidation,
    mail: nlMail,
    api: nlApi,
    ops: nlOps,
    join: nlJoin,
    pro: nlPro,
    invoices: nlInvoices,
    notifications: nlNotifications,
  },
};

export const CATALOGUES = imported as unknown as Record<Locale, Catalogue>;
