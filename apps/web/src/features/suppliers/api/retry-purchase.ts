// The retry belongs to the order (the orders screen offers it too): one hook for both screens.
export { useRetryPurchase } from '@/entities/orders/api/retry-purchase';
