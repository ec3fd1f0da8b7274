// Tables of the system module, written with its migration.
export interface SystemTables {}
