import { Tabs } from "radix-ui";
import { useState } from "react";
import { cn } from "@/lib/utils";
import type { AddPropertyDialogSlot } from "./landlord-dashboard";
import { LandlordBookingsTab } from "./landlord-bookings-tab";
import { LandlordOverviewTab } from "./landlord-overview-tab";
import { LandlordPropertiesTab } from "./landlord-properties-tab";

const TABS = [
  { value: "overview", label: "Overview" },
  { value: "properties", label: "Properties" },
  { value: "bookings", label: "Bookings" },
] as const;
type TabValue = (typeof TABS)[number]["value"];

const TAB_TRIGGER = cn(
  "flex-1 cursor-pointer rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors sm:flex-none sm:px-6",
  "hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
  "data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
);
const TAB_PANEL = "mt-6 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring";

/** Spec 2: Overview, Properties and Bookings. Radix Tabs: arrow keys move between the tabs, Tab enters the panel. */
export function LandlordDashboardTabs({ AddPropertyDialog }: { AddPropertyDialog: AddPropertyDialogSlot }) {
  const [tab, setTab] = useState<TabValue>("overview");
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as TabValue)}>
      <Tabs.List aria-label="Your landlord dashboard" className="flex gap-1 rounded-full bg-secondary p-1 sm:w-fit">
        {TABS.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} className={TAB_TRIGGER}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="overview" className={TAB_PANEL}>
        <LandlordOverviewTab AddPropertyDialog={AddPropertyDialog} />
      </Tabs.Content>
      <Tabs.Content value="properties" className={TAB_PANEL}>
        <LandlordPropertiesTab AddPropertyDialog={AddPropertyDialog} />
      </Tabs.Content>
      <Tabs.Content value="bookings" className={TAB_PANEL}>
        <LandlordBookingsTab />
      </Tabs.Content>
    </Tabs.Root>
  );
}
