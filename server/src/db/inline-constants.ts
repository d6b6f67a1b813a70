/**
 * A PostgreSQL statement with its constant parameters written into its text. Kysely binds
 * every value, constants included (`target_type = $2` for 'Video'), and a prepared statement's
 * generic plan is priced without its parameters' values. For the liked list that made the
 * generic plan look dearer than a custom one (it read `visibility <> $12` as if it kept one
 * row in a hundred), so PostgreSQL planned every run anew, at the cost of running it. With the
 * constants in the text only the real arguments are unknown, and the generic plan is chosen
 * from the sixth run.
 *
 * Only values that cannot change the statement's meaning are written in: integers, and
 * strings of letters, digits and a few marks. Anything else stays a parameter. `isArgument`
 * says which parameters are the statement's arguments (bound anew on each run). The text's
 * placeholders must be exactly $1…$n in order, as Kysely compiles them; otherwise the
 * statement is returned as it was.
 */
export function inlineConstants(
  sql: string,
  parameters: readonly unknown[],
  isArgument: (value: unknown) => boolean,
): { sql: string; parameters: unknown[] } {
  const placeholders = [...sql.matchAll(/\$(\d+)/g)];
  const inOrder =
    placeholders.length === parameters.length &&
    placeholders.every((m, i) => Number(m[1]) === i + 1);
  if (!inOrder) return { sql, parameters: [...parameters] };
  const kept: unknown[] = [];
  let text = '';
  let from = 0;
  placeholders.forEach((m, i) => {
    const value = parameters[i];
    const literal = isArgument(value) ? undefined : literalOf(value);
    text += sql.slice(from, m.index);
    if (literal === undefined) {
      kept.push(value);
      text += `$${kept.length}`;
    } else {
      text += literal;
    }
    from = m.index + m[0].length;
  });
  return { sql: text + sql.slice(from), parameters: kept };
}

const PLAIN_TEXT = /^[A-Za-z0-9_.:@ -]{0,64}$/;

/** The value as a SQL literal, if it is one that can be written in safely. */
export function literalOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === 'string' && PLAIN_TEXT.test(value)) return `'${value}'`;
  return undefined;
}
