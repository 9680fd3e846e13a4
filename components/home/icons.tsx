// Small line icons for the service cards and trust badges, drawn for the site. Decorative: the text
// beside each one says the same.
import type { ServiceId, TrustBadge } from "@/lib/content/services";

type IconProps = { className?: string };

function Svg({ className, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.25"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

const serviceIcons: Record<ServiceId, React.ReactNode> = {
  painting: (
    <>
      <rect x="5" y="4" width="18" height="8" rx="2" />
      <path d="M23 8h3v7H15v4" />
      <rect x="13" y="19" width="4" height="9" rx="1.5" />
    </>
  ),
  electrician: <path d="M18 3 8 18h7l-2 11 11-16h-7l3-10z" />,
  plumbing: (
    <>
      <path d="M4 10h10a6 6 0 0 1 6 6v3" />
      <path d="M4 6v8M17 19h6" />
      <path d="M20 24c-1.6 2.2-2.4 3.4-2.4 4.4a2.4 2.4 0 0 0 4.8 0c0-1-.8-2.2-2.4-4.4z" />
    </>
  ),
  cleaning: (
    <>
      <path d="M10 13h8v14a2 2 0 0 1-2 2h-4a2 2 0 0 1-2-2z" />
      <path d="M12 13V9h4v4M12 9V5h9l2 3" />
      <path d="M24 14l2-1M24 19h3M24 24l2 1" />
    </>
  ),
};

export function ServiceIcon({ id, className }: IconProps & { id: ServiceId }) {
  return <Svg className={className}>{serviceIcons[id]}</Svg>;
}

const badgeIcons: Record<TrustBadge["id"], React.ReactNode> = {
  founded: (
    <>
      <rect x="5" y="7" width="22" height="20" rx="3" />
      <path d="M5 13h22M11 4v6M21 4v6" />
      <path d="m12 20 3 3 6-6" />
    </>
  ),
  award: (
    <>
      <circle cx="16" cy="12" r="7" />
      <path d="m11.5 17.5-2 10.5 6.5-3.5 6.5 3.5-2-10.5" />
    </>
  ),
  innovation: (
    <>
      <path d="M12 22a8 8 0 1 1 8 0v3h-8z" />
      <path d="M13 28h6M16 10v5l2.5 2" />
    </>
  ),
};

export function BadgeIcon({ id, className }: IconProps & { id: TrustBadge["id"] }) {
  return <Svg className={className}>{badgeIcons[id]}</Svg>;
}
