import { defineIsland } from "@/lib/island";
import { HomeAuthRedirect } from "./home-auth-redirect";

export { HomeAuthRedirect };

/** The home page's sign-in completion and redirect, run on its own on the page sent as finished HTML. */
export const HomeAuthIsland = defineIsland("home-auth", HomeAuthRedirect);
