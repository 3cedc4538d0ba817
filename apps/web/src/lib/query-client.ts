import { QueryClient } from '@tanstack/react-query';

// The specification: failed queries are not retried. A retry would also replay a 401 that the
// API client has already answered with a refresh.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
