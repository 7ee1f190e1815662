import { callEndpoint, downloadEndpoint } from '@bo/client';
import { endpoints, type TaskReportFigure, type TaskReportGrouping } from '@bo/contracts/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

export type TaskReportRequest = { from: string; to: string; groupBy: TaskReportGrouping };
export type FigureRequest = {
  from: string;
  to: string;
  figure: TaskReportFigure;
  userId?: number;
  taskId?: number;
  page: number;
  perPage: number;
};

export const taskReportKeys = {
  all: ['reports', 'tasks'] as const,
  rows: (request: TaskReportRequest) => ['reports', 'tasks', 'rows', request] as const,
  todos: (request: FigureRequest) => ['reports', 'tasks', 'todos', request] as const,
};

export const taskReportQueryOptions = (request: TaskReportRequest) =>
  queryOptions({
    queryKey: taskReportKeys.rows(request),
    queryFn: ({ signal }) => callEndpoint(endpoints.taskReport, { params: request, signal }),
    placeholderData: keepPreviousData,
  });

// The todos behind one figure of the report.
export const figureTodosQueryOptions = (request: FigureRequest) =>
  queryOptions({
    queryKey: taskReportKeys.todos(request),
    queryFn: ({ signal }) => callEndpoint(endpoints.taskReportTodos, { params: request, signal }),
    placeholderData: keepPreviousData,
  });

export const exportTaskReport = (request: TaskReportRequest) =>
  downloadEndpoint(endpoints.exportTaskReport, { params: request });
