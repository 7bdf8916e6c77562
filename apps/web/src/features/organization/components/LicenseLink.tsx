import { FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { openBlob } from '../../../lib/open-blob.ts';
import { organizationApi } from '../api.ts';

/** The name of an uploaded file; a click opens it (the download is signed, so it goes through the client). */
export function LicenseLink({ file }: { file: { id: number; name: string } }) {
  const [loading, setLoading] = useState(false);
  const open = async () => {
    // Opened before the download so the browser does not take the tab for an unrequested pop-up.
    const tab = window.open('', '_blank');
    setLoading(true);
    try {
      openBlob(await organizationApi.download(file.id), file.name, tab);
    } catch {
      tab?.close();
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      type="link"
      icon={<FileTextOutlined />}
      loading={loading}
      onClick={open}
      style={{ padding: 0, height: 'auto' }}
    >
      {file.name}
    </Button>
  );
}
