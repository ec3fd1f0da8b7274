// Tables of the members module, written with its migration.
export interface MembersTables {}
