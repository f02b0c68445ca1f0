// Sign-in with the admin token `amicited-gateway init` printed (or `admin token` made).
import { useState } from "preact/hooks";
import { api } from "../api";

export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string>();
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      await api.signIn(token.trim());
      onSignedIn();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  return (
    <main id="main" class="sign-in">
      <h1>Sign in to the gateway</h1>
      <form onSubmit={submit}>
        <label for="admin-token">Admin token</label>
        <input id="admin-token" type="password" autocomplete="off" required value={token} onInput={(event) => setToken(event.currentTarget.value)} />
        <p class="muted">Printed once by <code>amicited-gateway init</code>; make a new one with <code>amicited-gateway admin token</code>.</p>
        <button type="submit">Sign in</button>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
