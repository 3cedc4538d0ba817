import { useMutation } from '@tanstack/react-query';
import { ticketAttachmentSchema } from '@keymarket/contracts/tickets';
import { apiClient } from '@/lib/api-client';

export type UploadTicketAttachmentRequest = { ticketId: string; file: File };

/** Uploads one file for the caller's next message on the ticket (the server reads its type). */
export function uploadTicketAttachment({ ticketId, file }: UploadTicketAttachmentRequest) {
  const form = new FormData();
  form.append('file', file);
  return apiClient.upload(
    `/tickets/${encodeURIComponent(ticketId)}/attachments`,
    ticketAttachmentSchema,
    form,
  );
}

export function useUploadTicketAttachment() {
  return useMutation({ mutationFn: uploadTicketAttachment });
}
