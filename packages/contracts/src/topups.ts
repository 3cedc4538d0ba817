import { z } from './zod';

/** How a requester pays a funder (DESIGN.md §13): by hand, or by card through Stripe. */
export const topupMethodKinds = ['manual', 'stripe'] as const;
export const topupMethodKindSchema = z.enum(topupMethodKinds);
export type TopupMethodKind = z.infer<typeof topupMethodKindSchema>;

export const topupStatuses = ['pending', 'approved', 'rejected', 'cancelled', 'expired'] as const;
export const topupStatusSchema = z.enum(topupStatuses);
export type TopupStatus = z.infer<typeof topupStatusSchema>;
