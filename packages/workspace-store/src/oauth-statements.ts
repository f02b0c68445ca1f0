// The statements over OAuth grants and their tokens, shared by oauth-codes.ts (a replayed code
// revokes its grant) and oauth-grants.ts. Compiled once per dialect (query/statement.ts).
import { insertUnderCap } from "./query/capped-insert";
import { defineStatement } from "./query/statement";

/** Marks a live grant revoked (`now`, `id`). */
export const revokeGrant = defineStatement((q) =>
  q.db
    .updateTable("oauth_grants")
    .set({ revoked_at: q.param("now") })
    .where("id", "=", q.param<number>("id"))
    .where("revoked_at", "is", null),
);

/** Drops every token of a grant (`grant_id`). */
export const dropGrantTokens = defineStatement((q) =>
  q.db.deleteFrom("oauth_tokens").where("grant_id", "=", q.param<number>("grant_id")),
);

/** Drops a grant's access tokens and its expired or long-spent refresh tokens (`grant_id`, `now`, `spent_before`). */
export const dropStaleGrantTokens = defineStatement((q) =>
  q.db
    .deleteFrom("oauth_tokens")
    .where("grant_id", "=", q.param<number>("grant_id"))
    .where((eb) =>
      eb.or([
        eb("kind", "=", "access"),
        eb("expires_at", "<", q.param<number>("now")),
        eb("used_at", "<", q.param<number>("spent_before")),
      ]),
    ),
);

/** Stores one token of a grant (`token_hash`, `grant_id`, `kind`, `expires_at`). */
export const insertGrantToken = defineStatement((q) =>
  q.db.insertInto("oauth_tokens").values({
    token_hash: q.param("token_hash"),
    grant_id: q.param<number>("grant_id"),
    kind: q.param("kind"),
    expires_at: q.param<number>("expires_at"),
  }),
);

/** A new grant while the workspace holds fewer than `cap` live ones; answers its `id` (none: refused). */
export const insertGrantUnderCap = defineStatement((q) =>
  insertUnderCap(
    q,
    "oauth_grants",
    ["client_id", "client_name", "workspace_id", "scope", "resource", "created_at"],
    q.db
      .selectFrom("oauth_grants")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("workspace_id", "=", q.param("workspace_id"))
      .where("revoked_at", "is", null),
  ).returning("id"),
);

/** Binds a code to the grant made from it (`grant_id`, `code_hash`). */
export const bindCodeToGrant = defineStatement((q) =>
  q.db
    .updateTable("oauth_codes")
    .set({ grant_id: q.param<number>("grant_id") })
    .where("code_hash", "=", q.param("code_hash")),
);

/** A refresh token with its grant's client, scope and revocation (`token_hash`). */
export const refreshTokenByHash = defineStatement((q) =>
  q.db
    .selectFrom("oauth_tokens as t")
    .innerJoin("oauth_grants as g", "g.id", "t.grant_id")
    .select(["t.grant_id", "t.expires_at", "t.used_at", "g.client_id", "g.scope", "g.revoked_at"])
    .where("t.token_hash", "=", q.param("token_hash"))
    .where("t.kind", "=", "refresh"),
);

/** Spends a refresh token once (`now`, `token_hash`). */
export const spendRefreshToken = defineStatement((q) =>
  q.db
    .updateTable("oauth_tokens")
    .set({ used_at: q.param<number>("now") })
    .where("token_hash", "=", q.param("token_hash"))
    .where("used_at", "is", null),
);

/** The workspace of a live, unexpired access token (`token_hash`, `now`). */
export const liveAccessToken = defineStatement((q) =>
  q.db
    .selectFrom("oauth_tokens as t")
    .innerJoin("oauth_grants as g", "g.id", "t.grant_id")
    .innerJoin("workspaces as w", "w.id", "g.workspace_id")
    .select(["t.grant_id", "g.workspace_id", "w.name", "g.scope"])
    .where("t.token_hash", "=", q.param("token_hash"))
    .where("t.kind", "=", "access")
    .where("t.expires_at", ">", q.param<number>("now"))
    .where("g.revoked_at", "is", null),
);

/** The grant and client of any token (`token_hash`). */
export const grantOfToken = defineStatement((q) =>
  q.db
    .selectFrom("oauth_tokens as t")
    .innerJoin("oauth_grants as g", "g.id", "t.grant_id")
    .select(["t.grant_id", "g.client_id"])
    .where("t.token_hash", "=", q.param("token_hash")),
);

/** Every grant of a workspace, newest first (`workspace_id`). */
export const grantsOfWorkspace = defineStatement((q) =>
  q.db
    .selectFrom("oauth_grants")
    .select(["id", "client_id", "client_name", "scope", "created_at", "last_used_at", "revoked_at"])
    .where("workspace_id", "=", q.param("workspace_id"))
    .orderBy("id", "desc"),
);

/** A live grant of a workspace (`id`, `workspace_id`). */
export const liveGrantOfWorkspace = defineStatement((q) =>
  q.db
    .selectFrom("oauth_grants")
    .select("id")
    .where("id", "=", q.param<number>("id"))
    .where("workspace_id", "=", q.param("workspace_id"))
    .where("revoked_at", "is", null),
);
