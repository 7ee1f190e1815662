// The reports of /rapports/*, one file each, as the reports remote has one feature folder each, and the periods
// they are read over.
export * from './periods';
export * from './contact-history';
export * from './directory';
export * from './task-report';
export * from './stats';
