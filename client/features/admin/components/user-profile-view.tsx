import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, UserX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { PageSpinner, StatusPanel } from "@/components/ui/status-panel";
import { userProfileQueryOptions } from "../api/users";
import { UserProfileDetails } from "./user-profile-details";

function BackToUsers() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3 justify-self-start">
      <Link to="/admin/users">
        <ArrowLeft aria-hidden="true" />
        Back to User Management
      </Link>
    </Button>
  );
}

/** Not found and any other failure read 'User Not Found'. */
export function UserNotFound() {
  return (
    <StatusPanel
      tone="warning"
      icon={<UserX />}
      title="User Not Found"
      actions={
        <Button asChild size="lg">
          <Link to="/admin/users">
            <ArrowLeft aria-hidden="true" />
            Back to User Management
          </Link>
        </Button>
      }
    >
      <p>There is no user with this id, or their profile could not be loaded.</p>
    </StatusPanel>
  );
}

export function UserProfileView({ userId, currentUserId }: { userId: number; currentUserId: number }) {
  const profile = useQuery(userProfileQueryOptions(userId));
  if (profile.isPending) return <PageSpinner label="Loading profile…" />;
  if (profile.isError) return <UserNotFound />;
  return (
    <div className="container-page grid gap-6 py-10 sm:py-14">
      <BackToUsers />
      <UserProfileDetails user={profile.data} isYou={profile.data.id === currentUserId} />
    </div>
  );
}
