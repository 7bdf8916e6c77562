import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BuildOutlined,
  DeploymentUnitOutlined,
  DiffOutlined,
  FileSearchOutlined,
  HomeOutlined,
  IdcardOutlined,
  MessageOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The icons the route table names (meta.icon). Listed one by one so the bundle carries only these; a name missing
 * here shows no icon rather than pulling in the whole icon set.
 */
const icons: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BuildOutlined,
  DeploymentUnitOutlined,
  DiffOutlined,
  FileSearchOutlined,
  HomeOutlined,
  IdcardOutlined,
  MessageOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
};

export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = name ? icons[name] : undefined;
  return Icon ? <Icon /> : null;
}
