/**
 * A console page of shown-once secrets (Open311 keys, billing system tokens): the one just made,
 * the form to make one, and the list with a Revoke button each. Its action is
 * `secretsAction` (secrets.server.ts).
 */
import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { ErrorSummary, Field } from "../../components/ui/Field";
import { AskFirst, ConfirmStep, confirmAsked, withoutConfirm } from "./ConfirmStep";
import { ConsoleTable } from "./ConsoleTable";
import type { SecretsActionResult } from "./secrets.server";

export interface SecretRow {
  id: number;
  name: string;
  createdAt: string;
  revokedAt: string | null;
  /** Columns between "made" and the state (a token's last use). */
  more?: ReactNode[];
}

export function Secrets(props: {
  result: SecretsActionResult | undefined;
  rows: SecretRow[];
  /** Words of this kind: who holds one, the verb of making, what one is. */
  words: { holder: string; make: string; noun: string; made: string; shownOnce: string; revokedMeans: string };
  moreColumns?: string[];
}) {
  const { result, rows, words } = props;
  const location = useLocation();
  const asked = confirmAsked(location.search)?.match(/^revoke-(\d+)$/)?.[1];
  const toRevoke = asked ? rows.find((k) => String(k.id) === asked && !k.revokedAt) : undefined;
  return (
    <>
      {toRevoke && (
        <ConfirmStep
          title={`Revoke the ${words.noun} of ${toRevoke.name}?`}
          fields={{ intent: "revoke", id: toRevoke.id }}
          confirm="Yes, revoke it"
          back={withoutConfirm(location)}
        >
          <p>{`Once revoked, ${words.revokedMeans}. This cannot be undone: a new ${words.noun} would have to be made and given to them.`}</p>
        </ConfirmStep>
      )}
      {result?.revoked && (
        <p className="console-status" role="status">
          {result.revoked}
        </p>
      )}
      {result?.issued && (
        <div className="console-status" role="status">
          {`${words.noun[0]!.toUpperCase()}${words.noun.slice(1)} for ${result.issued.name}, shown only now: ${words.shownOnce}`}
          <p className="console-code">{result.issued.secret}</p>
        </div>
      )}
      <section className="console-card">
        <h2>{`${words.make} a ${words.noun}`}</h2>
        <ErrorSummary errors={result?.errors ?? {}} />
        <Form method="post" noValidate>
          <Field id="name" label={words.holder} error={result?.errors.name}>
            {(p) => <input {...p} type="text" maxLength={100} defaultValue={result?.name} />}
          </Field>
          <button type="submit" className="button">
            {`${words.make} a ${words.noun}`}
          </button>
        </Form>
      </section>
      <h2>{`${words.noun[0]!.toUpperCase()}${words.noun.slice(1)}s`}</h2>
      <ConsoleTable stack columns={[words.holder, words.made, ...(props.moreColumns ?? []), "State"]}>
        {rows.map((k) => (
          <tr key={k.id}>
            <td>{k.name}</td>
            <td>{k.createdAt}</td>
            {k.more?.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the extra columns are fixed per page
              <td key={i}>{cell}</td>
            ))}
            <td>
              {k.revokedAt ? (
                `Revoked ${k.revokedAt}`
              ) : (
                <AskFirst ask={`revoke-${k.id}`} label={`Revoke the ${words.noun} of ${k.name}`}>
                  Revoke
                </AskFirst>
              )}
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </>
  );
}
