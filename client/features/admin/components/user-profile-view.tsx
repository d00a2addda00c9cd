import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, UserX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { PageSpinner, StatusPanel } from "@/components/ui/status-panel";
import { userProfileQueryOptions } from "../api/landlord-approval";
import { UserProfileDetails } from "./user-profile-details";

function BackToApprovals() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3 justify-self-start">
      <Link to="/admin/landlord-approval">
        <ArrowLeft aria-hidden="true" />
        Back to Landlord Approvals
      </Link>
    </Button>
  );
}

/** Spec 2 §8: not found and any other failure read 'User Not Found'. */
export function UserNotFound() {
  return (
    <StatusPanel
      tone="warning"
      icon={<UserX />}
      title="User Not Found"
      actions={
        <Button asChild size="lg">
          <Link to="/admin/landlord-approval">
            <ArrowLeft aria-hidden="true" />
            Back to Landlord Approvals
          </Link>
        </Button>
      }
    >
      <p>There is no user with this id, or their profile could not be loaded.</p>
    </StatusPanel>
  );
}

export function UserProfileView({ userId }: { userId: number }) {
  const profile = useQuery(userProfileQueryOptions(userId));
  if (profile.isPending) return <PageSpinner label="Loading profile…" />;
  if (profile.isError) return <UserNotFound />;
  return (
    <div className="container-page grid gap-6 py-10 sm:py-14">
      <BackToApprovals />
      <UserProfileDetails user={profile.data} />
    </div>
  );
}
