// The notifications part of /account: this device's web push (a button that needs JavaScript; the page as
// sent says so until the script replaces the line) and, for each kind of event the account's role hears of (lib/notifications/kinds.ts), a
// mail and a push box, saved by a plain form post that works without JavaScript.
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import type { NotificationSettingsProps } from "@/lib/notifications/overview";
import { saveNotificationChoicesAction } from "@/lib/notifications/actions";
import { PushToggle } from "./push-toggle";
import styles from "./notification-settings.module.css";

export async function NotificationSettings({ kinds, choices, devices, publicKey }: NotificationSettingsProps) {
  const t = await getTranslations("notifications");
  const toggleText = {
    turnOn: t("account.turnOn"),
    turnOff: t("account.turnOff"),
    turningOn: t("account.turningOn"),
    on: t("account.on"),
    offNow: t("account.offNow"),
    denied: t("account.denied"),
    unsupported: t("account.unsupported"),
    failed: t("account.failed"),
    needsScript: t("account.needsScript"),
  };
  return (
    <section id="notifications" className={styles.section} aria-labelledby="notifications-heading">
      <h2 id="notifications-heading" className={styles.heading}>
        {t("account.heading")}
      </h2>
      <p>{t("account.intro")}</p>
      <h3 className={styles.subheading}>{t("account.devicesHeading")}</h3>
      <p>{t("account.devices", { count: devices })}</p>
      {publicKey ? (
        <PushToggle publicKey={publicKey} text={toggleText} />
      ) : (
        <p>{t("account.siteOff")}</p>
      )}
      {kinds.length === 0 ? (
        <p>{t("account.none")}</p>
      ) : (
        <form action={saveNotificationChoicesAction} className={styles.form}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("account.kind")}</th>
                <th scope="col">{t("account.mail")}</th>
                <th scope="col">{t("account.push")}</th>
              </tr>
            </thead>
            <tbody>
              {kinds.map((kind) => (
                <tr key={kind}>
                  <th scope="row">
                    <input type="hidden" name="kind" value={kind} />
                    {t(`kinds.${kind}`)}
                  </th>
                  <td>
                    <input type="checkbox" name="mail" value={kind} defaultChecked={choices[kind].mail} aria-label={t("account.mailFor", { kind: t(`kinds.${kind}`) })} />
                  </td>
                  <td>
                    <input type="checkbox" name="push" value={kind} defaultChecked={choices[kind].push} aria-label={t("account.pushFor", { kind: t(`kinds.${kind}`) })} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button type="submit" variant="secondary">
            {t("account.save")}
          </Button>
        </form>
      )}
    </section>
  );
}
