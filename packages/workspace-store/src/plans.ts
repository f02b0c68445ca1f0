// Plan limits: what each plan allows. Tools that create limited things (domains, prompts,
// competitors, monitors, members, reports, exports) declare the limit they use; hooks.ts checks it.
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";

/** The limits of one plan. */
export interface PlanLimits {
  domains: number;
  members: number;
  prompts_per_domain: number;
  competitors_per_domain: number;
  monitors_per_domain: number;
  reports_per_domain: number;
  exports_per_month: number;
  min_check_interval_s: number;
  monthly_credits: number;
  price_usd: number;
}

/** Every plan by name, smallest first. */
export const PLANS: Readonly<Record<string, PlanLimits>> = {
  free: {
    domains: 1,
    members: 2,
    prompts_per_domain: 10,
    competitors_per_domain: 3,
    monitors_per_domain: 3,
    reports_per_domain: 1,
    exports_per_month: 5,
    min_check_interval_s: 900,
    monthly_credits: 20,
    price_usd: 0,
  },
  starter: {
    domains: 3,
    members: 5,
    prompts_per_domain: 30,
    competitors_per_domain: 5,
    monitors_per_domain: 6,
    reports_per_domain: 3,
    exports_per_month: 30,
    min_check_interval_s: 300,
    monthly_credits: 100,
    price_usd: 49,
  },
  pro: {
    domains: 10,
    members: 20,
    prompts_per_domain: 100,
    competitors_per_domain: 15,
    monitors_per_domain: 25,
    reports_per_domain: 10,
    exports_per_month: 200,
    min_check_interval_s: 60,
    monthly_credits: 500,
    price_usd: 199,
  },
  agency: {
    domains: 50,
    members: 100,
    prompts_per_domain: 500,
    competitors_per_domain: 50,
    monitors_per_domain: 100,
    reports_per_domain: 50,
    exports_per_month: 1000,
    min_check_interval_s: 30,
    monthly_credits: 2000,
    price_usd: 599,
  },
};

/** Plan names in ascending order. */
export const PLAN_NAMES: readonly string[] = Object.keys(PLANS);

/** The limits of `plan`, falling back to free for an unknown name. */
export function planLimits(plan: string): PlanLimits {
  return PLANS[plan] ?? (PLANS.free as PlanLimits);
}

/** Refuses with PLAN_LIMIT when `used` has reached `plan`'s limit `key`, naming the upgrade. */
export function checkPlanLimit(
  plan: string,
  key: keyof PlanLimits,
  used: number,
  what: string,
): void {
  const limit = planLimits(plan)[key];
  if (used >= limit) {
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.PLAN_LIMIT,
      `plan "${plan}" allows ${limit} ${what}; ${used} already exist. Remove one or upgrade with account_change_plan.`,
    );
  }
}
