import {
  Boxes,
  BookText,
  ChartColumnBig,
  Banknote,
  CreditCard,
  HandCoins,
  CircleHelp,
  FolderTree,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  Package,
  ReceiptText,
  Settings,
  ShieldCheck,
  ScrollText,
  ShoppingBag,
  Tags,
  Truck,
  UserRound,
  UsersRound,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '@keymarket/contracts/users';
import { areaPaths } from './area-paths';

/**
 * One sidebar entry. `label` is a key under `nav.*`; the locales already hold every item the
 * specification names (dashboard, orders, products…), so a new screen only adds its entry here.
 */
export type NavItem = {
  label:
    | 'dashboard'
    | 'generateCode'
    | 'profile'
    | 'security'
    | 'orders'
    | 'products'
    | 'categories'
    | 'tickets'
    | 'faq'
    | 'users'
    | 'settings'
    | 'controlPrice'
    | 'packages'
    | 'integrations'
    | 'statement'
    | 'auditLog'
    | 'topup'
    | 'topupRequests'
    | 'paymentMethods'
    | 'suppliers'
    | 'sales';
  to: string;
  icon: LucideIcon;
};

const dashboard: NavItem = { label: 'dashboard', to: areaPaths.dashboard, icon: LayoutDashboard };
const generateCode: NavItem = { label: 'generateCode', to: areaPaths.generateCode, icon: KeyRound };
const profile: NavItem = { label: 'profile', to: areaPaths.profile, icon: UserRound };
const security: NavItem = { label: 'security', to: areaPaths.security, icon: ShieldCheck };
const orders: NavItem = { label: 'orders', to: areaPaths.orders, icon: ReceiptText };
const shop: NavItem = { label: 'products', to: areaPaths.shop, icon: ShoppingBag };
const catalogueProducts: NavItem = { label: 'products', to: areaPaths.products, icon: Package };
const categories: NavItem = { label: 'categories', to: areaPaths.categories, icon: FolderTree };
const tickets: NavItem = { label: 'tickets', to: areaPaths.tickets, icon: LifeBuoy };
const faq: NavItem = { label: 'faq', to: areaPaths.faq, icon: CircleHelp };
const users: NavItem = { label: 'users', to: areaPaths.users, icon: UsersRound };
const settings: NavItem = { label: 'settings', to: areaPaths.settings, icon: Settings };
const priceControl: NavItem = { label: 'controlPrice', to: areaPaths.priceControl, icon: Tags };
const packages: NavItem = { label: 'packages', to: areaPaths.packages, icon: Boxes };
const statement: NavItem = { label: 'statement', to: areaPaths.statement, icon: BookText };
const auditLog: NavItem = { label: 'auditLog', to: areaPaths.auditLog, icon: ScrollText };
const integrations: NavItem = { label: 'integrations', to: areaPaths.integrations, icon: Webhook };
const topup: NavItem = { label: 'topup', to: areaPaths.topup, icon: Banknote };
const topupRequests: NavItem = {
  label: 'topupRequests',
  to: areaPaths.topupRequests,
  icon: HandCoins,
};
const paymentMethods: NavItem = {
  label: 'paymentMethods',
  to: areaPaths.paymentMethods,
  icon: CreditCard,
};

const sales: NavItem = { label: 'sales', to: areaPaths.sales, icon: ChartColumnBig };
const suppliers: NavItem = { label: 'suppliers', to: areaPaths.suppliers, icon: Truck };

// Only screens that exist are listed: a link to nothing is worse than no link.
export const navigationByRole: Record<Role, readonly NavItem[]> = {
  admin: [
    dashboard,
    orders,
    statement,
    sales,
    topupRequests,
    paymentMethods,
    catalogueProducts,
    categories,
    suppliers,
    priceControl,
    packages,
    users,
    auditLog,
    generateCode,
    tickets,
    faq,
    settings,
    integrations,
    profile,
    security,
  ],
  manager: [
    dashboard,
    shop,
    orders,
    statement,
    sales,
    topup,
    topupRequests,
    paymentMethods,
    priceControl,
    packages,
    users,
    generateCode,
    tickets,
    faq,
    integrations,
    profile,
    security,
  ],
  reseller: [
    dashboard,
    shop,
    orders,
    statement,
    sales,
    topup,
    topupRequests,
    paymentMethods,
    priceControl,
    users,
    generateCode,
    tickets,
    faq,
    integrations,
    profile,
    security,
  ],
};
