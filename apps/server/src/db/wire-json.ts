/**
 * SQL fragments that build wire shapes as JSON in PostgreSQL, for the hot reads that send PostgreSQL's
 * JSON instead of mapping rows in the process. Each writes exactly what its DTO mapper writes.
 */

/** A timestamp column as `Date#toISOString` writes it (milliseconds truncated, as the driver's dates are); null stays null. */
export const isoJson = (column: string) => `to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A list of constants as SQL string literals, for `in (…)`. */
export const sqlStrings = (values: readonly string[]) => values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");

/** A contact (alias `c`) as the shared ZContactRef; null when the left join found none. */
export const contactRefJson = (c: string) =>
  `case when ${c}.id is null then null else json_build_object('id', ${c}.id, 'name', ${c}.name, 'number', ${c}.number, 'email', ${c}.email, 'profilePicUrl', ${c}.profile_pic_url, 'isGroup', ${c}.is_group) end`;
