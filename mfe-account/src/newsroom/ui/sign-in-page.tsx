import { Fragment } from "react";
import { hrefFor } from "shell/contract/addresses";
import { AccountForm } from "../../ui/account-form.tsx";
import { AccountPanel } from "../../ui/account-panel.tsx";
import type { Problem } from "../../ui/account-view.ts";
import { FormField } from "../../ui/form-field.tsx";
import { ErrorSummary } from "../../ui/form-parts.tsx";
import type { SignInView } from "./newsroom-view.ts";
import { RecoveryCodeList } from "./recovery-code-list.tsx";

/** `/newsroom/sign-in`: enrolling the authenticator app, or entering its code. */

const action = hrefFor("account.newsroom-sign-in");

function CodeField({
  id,
  label,
  hint,
  problems,
}: {
  id: string;
  label: string;
  hint: string;
  problems: Problem[];
}) {
  return (
    <FormField
      id={id}
      name="code"
      label={label}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      hint={hint}
      problems={problems}
    />
  );
}

function Enrolment({ view }: { view: SignInView }) {
  const { csrf, next, enrolment, problems, publication } = view;
  return (
    <AccountPanel title="Set up two-step verification">
      <ErrorSummary problems={problems} />
      {enrolment ? (
        <>
          <h2 className="a-subtitle">{`1. Add ${publication.name} to your authenticator app`}</h2>
          <p>Scan this QR code with the app on your phone.</p>
          <div
            className="a-nr-qr"
            role="img"
            aria-label={`QR code that adds ${publication.name} to an authenticator app`}
            dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
          />
          <p>Cannot scan it? Choose to enter a setup key in the app and type this key:</p>
          <p className="a-nr-secret">
            {/* Spaces between the groups, so they are read out (and copied) as groups. */}
            {enrolment.secretGroups.map((group, index) => (
              <Fragment key={index}>
                {index > 0 ? " " : null}
                <code>{group}</code>
              </Fragment>
            ))}
          </p>
          <p className="a-hint">
            The key is shown only this once. Do not share it: anyone with it can make your codes.
          </p>
          <h2 className="a-subtitle">2. Enter the code the app shows</h2>
        </>
      ) : (
        <p className="a-intro">
          Enter the code your authenticator app shows for {publication.name}. If the app does not
          have it, start again with a new key.
        </p>
      )}
      <AccountForm
        action={action}
        csrf={csrf}
        hidden={{ intent: "confirm-enrolment", next }}
        submit="Turn on two-step verification"
      >
        <CodeField
          id="a-nr-enrol-code"
          label="Code from the app"
          hint="6 digits. The app shows a new one every 30 seconds."
          problems={problems}
        />
      </AccountForm>
      <AccountForm
        action={action}
        csrf={csrf}
        hidden={{ intent: "start-enrolment", next }}
        submit="Start again with a new key"
        button="secondary"
        inline
      />
    </AccountPanel>
  );
}

function CodeEntry({ view }: { view: SignInView }) {
  const { csrf, next, problems, publication } = view;
  const recoveryProblem = problems.some((problem) => problem.fieldId === "a-nr-recovery-code");
  return (
    <AccountPanel
      title="Enter your verification code"
      intro={`Open your authenticator app and enter the code it shows for ${publication.name}.`}
    >
      <ErrorSummary problems={problems} />
      <AccountForm
        action={action}
        csrf={csrf}
        hidden={{ intent: "verify", next }}
        submit="Continue"
      >
        <CodeField
          id="a-nr-code"
          label="Verification code"
          hint="6 digits. The app shows a new one every 30 seconds."
          problems={problems}
        />
      </AccountForm>
      <details className="a-nr-details" open={recoveryProblem}>
        <summary>Lost your phone? Use a recovery code</summary>
        <AccountForm
          action={action}
          csrf={csrf}
          hidden={{ intent: "recovery", next }}
          submit="Use recovery code"
        >
          <FormField
            id="a-nr-recovery-code"
            name="recoveryCode"
            label="Recovery code"
            type="text"
            autoComplete="off"
            hint="One of the codes you saved when you set up the app, such as abcd-efgh-ijkl. Each one works once."
            problems={problems}
          />
        </AccountForm>
      </details>
    </AccountPanel>
  );
}

export function SignInPage({ view }: { view: SignInView }) {
  switch (view.state) {
    case "start":
      return (
        <AccountPanel title="Set up two-step verification">
          <ErrorSummary problems={view.problems} />
          <p className="a-intro">
            The newsroom asks for two things each time you come in: your password, and a code from
            an authenticator app on your phone. Setting up the app takes a minute.
          </p>
          <AccountForm
            action={action}
            csrf={view.csrf}
            hidden={{ intent: "start-enrolment", next: view.next }}
            submit="Set up the app"
          />
        </AccountPanel>
      );
    case "enrol":
      return <Enrolment view={view} />;
    case "code":
      return <CodeEntry view={view} />;
    case "codes":
      return (
        <AccountPanel
          title="Two-step verification is on"
          links={[{ href: view.next, label: "Continue to the newsroom" }]}
        >
          <RecoveryCodeList codes={view.recoveryCodes} />
        </AccountPanel>
      );
  }
}
