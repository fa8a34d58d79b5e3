import AccountTree from "@mui/icons-material/AccountTree";
import AllInclusive from "@mui/icons-material/AllInclusive";
import Announcement from "@mui/icons-material/Announcement";
import AttachFile from "@mui/icons-material/AttachFile";
import Campaign from "@mui/icons-material/Campaign";
import Checklist from "@mui/icons-material/Checklist";
import Code from "@mui/icons-material/Code";
import ContactPhoneOutlined from "@mui/icons-material/ContactPhoneOutlined";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import DeviceHubOutlined from "@mui/icons-material/DeviceHubOutlined";
import EventAvailable from "@mui/icons-material/EventAvailable";
import FlashOn from "@mui/icons-material/FlashOn";
import Forum from "@mui/icons-material/Forum";
import HelpOutlined from "@mui/icons-material/HelpOutlined";
import ListAlt from "@mui/icons-material/ListAlt";
import LocalAtm from "@mui/icons-material/LocalAtm";
import History from "@mui/icons-material/History";
import LocalOffer from "@mui/icons-material/LocalOffer";
import People from "@mui/icons-material/People";
import PeopleAlt from "@mui/icons-material/PeopleAlt";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import SyncAlt from "@mui/icons-material/SyncAlt";
import ViewKanban from "@mui/icons-material/ViewKanban";
import WhatsApp from "@mui/icons-material/WhatsApp";
import type { MenuItemId } from "../utils/menu-items.ts";

type MenuIcon = typeof WhatsApp;

export const MENU_ICONS: Record<MenuItemId, MenuIcon> = {
  dashboard: DashboardOutlined,
  tickets: WhatsApp,
  kanban: ViewKanban,
  quickMessages: FlashOn,
  todolist: Checklist,
  contacts: ContactPhoneOutlined,
  schedules: EventAvailable,
  tags: LocalOffer,
  chats: Forum,
  helps: HelpOutlined,
  campaigns: Campaign,
  campaignsList: ListAlt,
  contactLists: People,
  campaignsConfig: SettingsOutlined,
  announcements: Announcement,
  prompts: AllInclusive,
  queueIntegration: DeviceHubOutlined,
  connections: SyncAlt,
  files: AttachFile,
  queues: AccountTree,
  users: PeopleAlt,
  messagesApi: Code,
  financial: LocalAtm,
  settings: SettingsOutlined,
  audit: History,
};
