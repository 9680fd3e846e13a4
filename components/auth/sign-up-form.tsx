"use client";
// The sign-up form: creates the account through POST /api/signup, shows every refusal next to its
// field (or in a red banner), then signs the new user in and goes on to /inputs.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { signIn } from "next-auth/react";
import { signInErrorMessage } from "@/lib/auth/messages";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, signUpSchema } from "@/lib/validations/auth";
import { fieldErrorsOf, type FieldErrors } from "./field-errors";
import { FormField } from "./form-field";
import styles from "./auth-form.module.css";

type ApiErrorBody = { error?: { code?: string; message?: string; issues?: { path: string; message: string }[] } };

type Banner = { text: string; signInLink?: boolean };

export function SignUpForm() {
  const router = useRouter();
  const [banner, setBanner] = useState<Banner | null>(null);
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
    const remember = data.get("remember") === "on";
    const parsed = signUpSchema.safeParse({ email: data.get("email") ?? "", password: data.get("password") ?? "" });
    setBanner(null);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      const response = await fetch("/api/signup", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(parsed.data),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as ApiErrorBody;
        const issues = body.error?.issues ?? [];
        if (response.status === 409) {
          setBanner({ text: body.error?.message ?? "An account with this email already exists.", signInLink: true });
        } else if (issues.length > 0) {
          setFieldErrors(fieldErrorsOf(issues));
        } else {
          setBanner({ text: body.error?.message ?? "Your account could not be created. Please try again." });
        }
        setPending(false);
        return;
      }
      const result = await signIn("credentials", {
        email: parsed.data.email,
        password: parsed.data.password,
        remember: String(remember),
        callbackUrl: "/inputs",
        redirect: false,
      });
      if (result?.ok && !result.error) {
        router.replace("/inputs");
        router.refresh();
        return;
      }
      setBanner({
        text: `Your account was created, but signing in did not work: ${signInErrorMessage(result?.error ?? "Unavailable")}`,
        signInLink: true,
      });
    } catch {
      setBanner({ text: "We could not reach the server. Check your connection and try again." });
    }
    setPending(false);
  }

  return (
    <>
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label="Sign up">
        {banner ? (
          <p role="alert" className={styles.banner}>
            {banner.text}
            {banner.signInLink ? (
              <>
                {" "}
                <Link href="/login">Go to sign in</Link>
              </>
            ) : null}
          </p>
        ) : null}
        <FormField id="signup-email" name="email" type="email" label="Email" autoComplete="email" required error={fieldErrors.email} />
        <FormField
          id="signup-password"
          name="password"
          type="password"
          label="Password"
          autoComplete="new-password"
          required
          hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. Very common passwords are refused.`}
          error={fieldErrors.password}
        />
        <div className={styles.check}>
          <input id="signup-remember" name="remember" type="checkbox" />
          <label htmlFor="signup-remember">Remember me</label>
        </div>
        <button type="submit" className={styles.submit} disabled={pending}>
          {pending ? "Creating your account…" : "Sign Up"}
        </button>
      </form>
      <p className={styles.switch}>
        Already have an account? <Link href="/login">Sign in</Link>
      </p>
    </>
  );
}
