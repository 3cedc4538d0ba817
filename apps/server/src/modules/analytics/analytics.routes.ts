import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardStatsSchema,
  diskSpaceSchema,
  dockedSalesQuerySchema,
  dockedSalesSchema,
  revenueChartQuerySchema,
  revenueChartSchema,
  searchQuerySchema,
  searchResultsSchema,
  userDistributionSchema,
} from '@keymarket/contracts/analytics';
import { salesQuerySchema, salesReportSchema } from '@keymarket/contracts/sales-analytics';
import { sendCsv } from '../../lib/csv';
import { authOf } from '../access/auth-context';
import type { AnalyticsService } from './analytics.service';
import type { SalesAnalyticsService } from './sales.service';

export const analyticsRoutes: FastifyPluginAsyncZod<{
  analytics: AnalyticsService;
  sales: SalesAnalyticsService;
}> = async (app, { analytics, sales }) => {
  app.get(
    '/analytics/dashboard-stats',
    {
      config: { access: 'authenticated' },
      schema: { response: { 200: dashboardStatsSchema } },
    },
    (request) => analytics.dashboardStats(authOf(request)),
  );

  app.get(
    '/analytics/revenue-chart',
    {
      config: { access: 'authenticated' },
      schema: { querystring: revenueChartQuerySchema, response: { 200: revenueChartSchema } },
    },
    (request) => analytics.revenueChart(authOf(request), request.query.period),
  );

  app.get(
    '/analytics/user-distribution',
    {
      config: { access: 'authenticated' },
      schema: { response: { 200: userDistributionSchema } },
    },
    (request) => analytics.userDistribution(authOf(request)),
  );

  app.get(
    '/analytics/docked-sales',
    {
      config: { access: ['admin'] },
      schema: { querystring: dockedSalesQuerySchema, response: { 200: dockedSalesSchema } },
    },
    (request) => {
      const { from, to } = request.query;
      return analytics.dockedSales(authOf(request), {
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      });
    },
  );

  app.get(
    '/analytics/sales',
    {
      config: { access: 'authenticated' },
      schema: { querystring: salesQuerySchema, response: { 200: salesReportSchema } },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        const name = request.query.by === 'product' ? 'sales-products' : 'sales-sellers';
        return sendCsv(reply, name, await sales.export(authOf(request), request.query));
      }
      return sales.report(authOf(request), request.query);
    },
  );

  app.get(
    '/analytics/disk-space',
    {
      config: { access: ['admin'] },
      schema: { response: { 200: diskSpaceSchema } },
    },
    (request) => analytics.diskSpace(authOf(request)),
  );

  app.get(
    '/analytics/search',
    {
      config: { access: 'authenticated' },
      schema: { querystring: searchQuerySchema, response: { 200: searchResultsSchema } },
    },
    (request) => analytics.search(authOf(request), request.query.query),
  );
};
