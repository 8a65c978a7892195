import * as TabsPrimitive from '@radix-ui/react-tabs';
import { Tabs, TabsContent } from '../../../components/ui/Tabs';
import { Bell, Briefcase, CalendarDays, Shield } from 'lucide-react';
import { PageHeader } from '../../../components/ui/PageTitle';
import { cn } from '../../../lib/cn';
import type { ActingBarber } from '../api/scope';
import { PanelScope } from './common/PanelScope';
import { BusinessSection } from './settings/BusinessSection';
import { CalendarSection } from './settings/CalendarSection';
import { NotificationsSection } from './settings/NotificationsSection';
import { SecuritySection } from './settings/SecuritySection';

const SECTIONS = [
  { value: 'notifications', label: 'Notifications', icon: Bell },
  { value: 'security', label: 'Security', icon: Shield },
  { value: 'business', label: 'Business', icon: Briefcase },
  // the barber's own private feed (issue 13): not offered to an administrator viewing a barber
  { value: 'calendar', label: 'Calendar', icon: CalendarDays, barberOnly: true },
] as const;

/** Barber settings (docs/spec/barber-and-admin.md §2): side menu of Notifications, Security and Business. */
export function SettingsPage() {
  return (
    <div>
      <PageHeader
        title="Settings"
        documentTitle="Barber settings"
        description="Manage your notifications, security and business preferences"
      />
      <PanelScope>{(acting) => <SettingsScreen key={acting.barberId ?? 'own'} acting={acting} />}</PanelScope>
    </div>
  );
}

/**
 * Each section is mounted when first opened and kept mounted after (unsaved switches survive a look at
 * another section). Calendar in particular: reading the feed creates the barber's private feed link on
 * first use, which opening Settings alone must not do.
 */
function SettingsScreen({ acting }: { acting: ActingBarber }) {
  return (
    <Tabs defaultValue="notifications" orientation="vertical" className="grid gap-6 md:grid-cols-[14rem_1fr]">
      <TabsPrimitive.List aria-label="Settings sections" className="flex flex-wrap gap-1 md:flex-col">
        {SECTIONS.filter((s) => !('barberOnly' in s && acting.isAdmin)).map(({ value, label, icon: Icon }) => (
          <TabsPrimitive.Trigger
            key={value}
            value={value}
            className={cn(
              'flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-left text-sm font-medium text-zinc-700 transition-colors',
              'hover:bg-zinc-100 hover:text-zinc-900 data-[state=active]:bg-zinc-900 data-[state=active]:text-white',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      <div className="min-w-0">
        <TabsContent value="notifications" keepMounted>
          <NotificationsSection params={acting.params} />
        </TabsContent>
        <TabsContent value="security" keepMounted>
          <SecuritySection isAdmin={acting.isAdmin} />
        </TabsContent>
        <TabsContent value="business" keepMounted>
          <BusinessSection />
        </TabsContent>
        {acting.isAdmin ? null : (
          <TabsContent value="calendar" keepMounted>
            <CalendarSection />
          </TabsContent>
        )}
      </div>
    </Tabs>
  );
}
