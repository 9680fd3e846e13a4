"use client";
// The sign-in form: posts to next-auth's credentials callback and shows a failure in a red banner.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { signIn } from "next-auth/react";
import { signInErrorMessage } from "@/lib/auth/messages";
import { signInSchema } from "@/lib/validations/auth";
import { fieldErrorsOf, type FieldErrors } from "./field-errors";
import { FormField } from "./form-field";
import styles from "./auth-form.module.css";

export function SignInForm({ initialError }: { initialError?: string | null }) {
  const router = useRouter();
  const [banner, setBanner] = useState<string | null>(initialError ?? null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Moves focus to the first field that needs attention, so its message is read out.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = signInSchema.safeParse({
      email: data.get("email") ?? "",
      password: data.get("password") ?? "",
      remember: data.get("remember") === "on",
    });
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error.issues));
      setBanner(null);
      return;
    }
    setFieldErrors({});
    setBanner(null);
    setPending(true);
    try {
      const result = await signIn("credentials", {
        email: parsed.data.email,
        password: parsed.data.password,
        remember: String(parsed.data.remember),
        callbackUrl: "/inputs",
        redirect: false,
      });
      if (result?.ok && !result.error) {
        router.replace("/inputs");
        router.refresh();
        return;
      }
      setBanner(signInErrorMessage(result?.error ?? "Unavailable"));
    } catch {
      setBanner("We could not reach the server. Check your connection and try again.");
    }
    setPending(false);
  }

  return (
    <>
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label="Sign in">
        {banner ? (
          <p role="alert" className={styles.banner}>
            {banner}
          </p>
        ) : null}
        <FormField id="signin-email" name="email" type="email" label="Email" autoComplete="email" required error={fieldErrors.email} />
        <FormField
          id="signin-password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          required
          error={fieldErrors.password}
        />
        <div className={styles.check}>
          <input id="signin-remember" name="remember" type="checkbox" />
          <label htmlFor="signin-remember">Remember me</label>
        </div>
        <button type="submit" className={styles.submit} disabled={pending}>
          {pending ? "Signing in…" : "Sign In"}
        </button>
      </form>
      <p className={styles.switch}>
        New to Fixwell? <Link href="/signup">Create an account</Link>
      </p>
    </>
  );
}
