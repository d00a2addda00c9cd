import { ZPropertyRef } from "@common/schemas/properties";
import { useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { PageSpinner } from "@/components/ui/status-panel";
import { useAuth } from "@/features/auth/api/session";
import { propertyQueryOptions } from "@/features/bookings/wizard/api/booking-api";
import {
  LoadErrorPanel,
  PropertyNotFoundPanel,
  SignInToBookPanel,
  UnderMaintenancePanel,
  VerifyToBookPanel,
} from "@/features/bookings/wizard/components/booking-panels";
import { BookingWizard } from "@/features/bookings/wizard/components/booking-wizard";
import { ResumeBooking } from "@/features/bookings/wizard/components/resume-booking";
import { stayFromQuery } from "@/features/bookings/wizard/utils/wizard-rules";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { isApiError } from "@/lib/api-client";

/** The booking wizard at /booking/:propertyId; `?booking=N` reopens one of the guest's bookings. */
export function Component() {
  const { propertyId = "" } = useParams();
  const [searchParams] = useSearchParams();
  const validRef = ZPropertyRef.safeParse({ id: propertyId }).success;
  const property = useQuery({ ...propertyQueryOptions(propertyId), enabled: validRef });
  const auth = useAuth();
  const notFound = !validRef || isApiError(property.error, 404) || isApiError(property.error, 400);
  const resumeId = Number(searchParams.get("booking"));

  useDocumentTitle(notFound ? "Property Not Found" : property.data ? `Book ${property.data.title}` : null);

  if (notFound) return <PropertyNotFoundPanel />;
  if (property.isError) return <LoadErrorPanel title="Error loading property" onRetry={() => property.refetch()} />;
  if (property.isPending || auth.status === "loading") return <PageSpinner label="Loading…" />;
  if (auth.status === "anonymous") return <SignInToBookPanel propertyTitle={property.data.title} />;

  const user = auth.user;
  if (Number.isInteger(resumeId) && resumeId > 0) {
    return (
      <ResumeBooking
        key={resumeId}
        property={property.data}
        user={user}
        bookingId={resumeId}
        redirectStatus={searchParams.get("redirect_status")}
      />
    );
  }
  if (!user.emailVerified || !user.phoneVerified) {
    return <VerifyToBookPanel emailVerified={user.emailVerified} phoneVerified={user.phoneVerified} />;
  }
  if (property.data.status === "maintenance") return <UnderMaintenancePanel propertyTitle={property.data.title} />;
  return (
    <BookingWizard
      key={property.data.id}
      property={property.data}
      user={user}
      start={{ step: 1, stay: stayFromQuery(searchParams, property.data.maxGuests) }}
    />
  );
}
