import { formatPhone } from '@bo/contracts';

// A stored phone (0033XXXXXXXXX) shown the French way (0033 6 12 34 56 78), a tel: link in international form.
export function PhoneLink({ phone }: { phone: string | null }) {
  if (!phone) return null;
  const digits = phone.replace(/\s+/g, '');
  const href = digits.startsWith('00') ? `tel:+${digits.slice(2)}` : `tel:${digits}`;
  return (
    <a href={href} onClick={(event) => event.stopPropagation()}>
      {formatPhone(phone)}
    </a>
  );
}

export function EmailLink({ email }: { email: string | null }) {
  if (!email) return null;
  return (
    <a href={`mailto:${email}`} onClick={(event) => event.stopPropagation()}>
      {email}
    </a>
  );
}
