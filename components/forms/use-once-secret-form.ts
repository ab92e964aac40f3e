"use client";

import { useState, useTransition, type FormEvent } from "react";

/**
 * A form whose action answers a secret to be shown once (an API key, a webhook's signing secret):
 * the answer lives only in this state, so leaving or reloading the page loses it for good. The form
 * is emptied when the action succeeds; a thrown action becomes `failedMessage`.
 */
export function useOnceSecretForm<State extends { ok: boolean; error?: string }>(
  action: (formData: FormData) => Promise<State>,
  failedMessage: string,
) {
  const [state, setState] = useState<State>({ ok: false } as State);
  const [pending, startTransition] = useTransition();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const formData = new FormData(form);
    startTransition(async () => {
      try {
        const result = await action(formData);
        setState(result);
        if (result.ok) form.reset();
      } catch {
        setState({ ok: false, error: failedMessage } as State);
      }
    });
  }

  return { state, pending, onSubmit };
}
