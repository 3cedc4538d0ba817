/** A link target for the support contact the administrator typed, when it is an address. */
export function supportHref(contact: string): string | null {
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact)) return `mailto:${contact}`;
  if (/^\+?[\d\s().-]{6,}$/.test(contact)) return `tel:${contact.replace(/[^\d+]/g, '')}`;
  if (/^https?:\/\/\S+$/i.test(contact)) return contact;
  return null;
}

/** The support contact: a mail, phone or web link when it is one, plain text otherwise. */
export function SupportContact({ contact }: { contact: string }) {
  const href = supportHref(contact);
  const external = href?.startsWith('http');
  return href ? (
    <a
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className="text-lg font-medium break-all text-accent underline-offset-4 hover:underline"
    >
      <bdi dir="ltr">{contact}</bdi>
    </a>
  ) : (
    <p className="text-base whitespace-pre-wrap text-fg [overflow-wrap:anywhere]">{contact}</p>
  );
}
