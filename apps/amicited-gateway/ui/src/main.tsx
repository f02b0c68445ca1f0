// The dashboard's shell: sign-in until a session exists, then four pages (Catalog, Usage,
// Workspaces and tokens, Learned requests) chosen by the URL's hash, so every view has an address and the back
// button works. Skip link, labelled landmarks and visible focus keep it usable by keyboard.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api } from "./api";
import { CatalogPage } from "./pages/catalog";
import { LearnedPage } from "./pages/learned";
import { SignIn } from "./pages/sign-in";
import { ToolDetail } from "./pages/tool";
import { UsagePage } from "./pages/usage";
import { WorkspacesPage } from "./pages/workspaces";
import "./style.css";

function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const changed = () => setHash(location.hash);
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  return hash;
}

const PAGES = [
  { href: "#/catalog", label: "Catalog" },
  { href: "#/usage", label: "Usage" },
  { href: "#/workspaces", label: "Workspaces & tokens" },
  { href: "#/learned", label: "Learned" },
];

function Page({ hash }: { hash: string }) {
  const [route = "", query = ""] = hash.replace(/^#\/?/, "").split("?");
  const [path = "catalog", ...rest] = route.split("/");
  const argument = rest.map(decodeURIComponent).join("/") || undefined;
  if (path === "tools" && argument) return <ToolDetail name={argument} />;
  if (path === "usage") return <UsagePage workspace={argument} />;
  if (path === "workspaces") return <WorkspacesPage workspace={argument} />;
  if (path === "learned") return <LearnedPage query={query} />;
  return <CatalogPage />;
}

function App() {
  const [signedIn, setSignedIn] = useState<boolean | undefined>(undefined);
  const hash = useHash();
  useEffect(() => void api.resume().then(setSignedIn, () => setSignedIn(false)), []);
  useEffect(() => {
    const main = document.getElementById("main");
    if (main && signedIn) main.focus();
  }, [hash.split(/[/?]/)[1], signedIn]);
  if (signedIn === undefined) return <p class="muted">Loading…</p>;
  if (!signedIn) return <SignIn onSignedIn={() => setSignedIn(true)} />;
  const current = "#/" + (hash.replace(/^#\/?/, "").split(/[/?]/)[0] || "catalog");
  const signOut = async () => {
    await api.signOut().catch(() => undefined);
    setSignedIn(false);
  };
  return (
    <>
      <a class="skip" href="#main" onClick={(event) => (event.preventDefault(), document.getElementById("main")?.focus())}>
        Skip to content
      </a>
      <header class="top">
        <strong class="brand">amicited gateway</strong>
        <nav aria-label="Pages">
          {PAGES.map((page) => (
            <a href={page.href} aria-current={current === page.href || (page.href === "#/catalog" && current === "#/tools") ? "page" : undefined}>
              {page.label}
            </a>
          ))}
        </nav>
        <button type="button" class="quiet" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Page hash={hash} />
      </main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
