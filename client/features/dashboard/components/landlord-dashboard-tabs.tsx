import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LandlordBookingsTab } from "./landlord-bookings-tab";
import { LandlordOverviewTab } from "./landlord-overview-tab";
import { LandlordPropertiesTab } from "./landlord-properties-tab";
import type { AddPropertyDialogSlot } from "./slots";

const TABS = [
  { value: "overview", label: "Overview" },
  { value: "properties", label: "Properties" },
  { value: "bookings", label: "Bookings" },
] as const;
type TabValue = (typeof TABS)[number]["value"];

/** Overview, Properties and Bookings. Radix Tabs: arrow keys move between the tabs, Tab enters the panel. */
export function LandlordDashboardTabs({ AddPropertyDialog }: { AddPropertyDialog: AddPropertyDialogSlot }) {
  const [tab, setTab] = useState<TabValue>("overview");
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
      <TabsList aria-label="Your landlord dashboard">
        {TABS.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="overview">
        <LandlordOverviewTab AddPropertyDialog={AddPropertyDialog} />
      </TabsContent>
      <TabsContent value="properties">
        <LandlordPropertiesTab AddPropertyDialog={AddPropertyDialog} />
      </TabsContent>
      <TabsContent value="bookings">
        <LandlordBookingsTab />
      </TabsContent>
    </Tabs>
  );
}
