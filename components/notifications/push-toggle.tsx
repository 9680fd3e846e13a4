"use client";
// "Turn on notifications on this device" on /account. The browser asks for permission only after the press,
// never when the page opens. On: the service worker (public/sw.js) subscribes through the browser's push
// service with the site's VAPID public key, and the subscription is stored for this account
// (POST /api/push/subscriptions). Off: the browser forgets it and so does the server. Without JavaScript
// the button never appears: the page as sent says push needs JavaScript, and the script replaces that line
// once it runs (a <noscript> is not shown by every way of turning scripts off).
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export type PushToggleText = {
  turnOn: string;
  turnOff: string;
  turningOn: string;
  on: string;
  offNow: string;
  denied: string;
  unsupported: string;
  failed: string;
  /** Shown in the page as sent, until the script has run: without JavaScript it stays. */
  needsScript: string;
};

type Status = "checking" | "unsupported" | "off" | "on" | "denied" | "working" | "failed";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function supported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export function PushToggle({ publicKey, text }: { publicKey: string; text: PushToggleText }) {
  const [status, setStatus] = useState<Status>("checking");

  useEffect(() => {
    // Read after the page is drawn (the server knows none of this), and set once the browser has answered.
    const looking = (async (): Promise<Status> => {
      if (!supported()) return "unsupported";
      if (Notification.permission === "denied") return "denied";
      return (await currentSubscription()) ? "on" : "off";
    })();
    looking.then(setStatus, () => setStatus("off"));
  }, []);

  async function turnOn() {
    setStatus("working");
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setStatus(permission === "denied" ? "denied" : "off");
        return;
      }
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      const response = await fetch("/api/push/subscriptions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(subscription.toJSON()),
      });
      setStatus(response.ok ? "on" : "failed");
    } catch {
      setStatus("failed");
    }
  }

  async function turnOff() {
    setStatus("working");
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await fetch("/api/push/subscriptions", {
          method: "DELETE",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ endpoint: subscription.endpoint }),
        });
        await subscription.unsubscribe();
      }
      setStatus("off");
    } catch {
      setStatus("failed");
    }
  }

  if (status === "checking") return <p data-testid="push-needs-script">{text.needsScript}</p>;
  if (status === "unsupported") return <p>{text.unsupported}</p>;
  return (
    <div data-testid="push-toggle" data-status={status}>
      {status === "denied" ? <Alert tone="warning">{text.denied}</Alert> : null}
      {status === "failed" ? <Alert tone="error">{text.failed}</Alert> : null}
      {status === "on" ? <p role="status">{text.on}</p> : null}
      {status === "off" ? <p>{text.offNow}</p> : null}
      {status === "working" ? <p role="status">{text.turningOn}</p> : null}
      {status === "on" ? (
        <Button variant="secondary" onClick={() => void turnOff()}>
          {text.turnOff}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => void turnOn()} disabled={status === "working"}>
          {text.turnOn}
        </Button>
      )}
    </div>
  );
}
