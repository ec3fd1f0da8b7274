// Tables of the auth module, written with its migration.
export interface AuthTables {}
