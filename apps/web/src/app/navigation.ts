import {
  KeyRound,
  ReceiptText,
  ShieldCheck,
  ShoppingBag,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '@keymarket/contracts/users';

/** Inner paths of an area, relative to `/admin`, `/manager` or `/reseller`. */
export const areaPaths = {
  generateCode: 'generate-code',
  profile: 'profile',
  /** Two-factor sign-in. */
  security: 'security',
  orders: 'orders',
  /** The buyers' catalogue (managers, resellers). */
  shop: 'products',
} as const;

/**
 * One sidebar entry. `label` is a key under `nav.*`; the locales already hold every item the
 * specification names (dashboard, orders, products…), so a new screen only adds its entry here.
 */
export type NavItem = {
  label: 'generateCode' | 'profile' | 'security' | 'orders' | 'products';
  to: string;
  icon: LucideIcon;
};

const generateCode: NavItem = { label: 'generateCode', to: areaPaths.generateCode, icon: KeyRound };
const profile: NavItem = { label: 'profile', to: areaPaths.profile, icon: UserRound };
const security: NavItem = { label: 'security', to: areaPaths.security, icon: ShieldCheck };
const orders: NavItem = { label: 'orders', to: areaPaths.orders, icon: ReceiptText };
const shop: NavItem = { label: 'products', to: areaPaths.shop, icon: ShoppingBag };

// Only screens that exist are listed: a link to nothing is worse than no link.
export const navigationByRole: Record<Role, readonly NavItem[]> = {
  admin: [orders, generateCode, profile, security],
  manager: [shop, orders, generateCode, profile, security],
  reseller: [shop, orders, generateCode, profile, security],
};
