import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { openBlob } from '../../../lib/open-blob.ts';
import { productApi } from '../api.ts';

/**
 * An uploaded file's name; a click opens it (PDF, image) or downloads it. The download is signed, so it goes
 * through the one HTTP client rather than a plain link.
 */
export function FileLink({ file, download = false }: { file: { id: number; name: string }; download?: boolean }) {
  const [loading, setLoading] = useState(false);
  const open = async () => {
    const tab = download ? null : window.open('', '_blank');
    setLoading(true);
    try {
      openBlob(await productApi.download(file.id), file.name, tab);
    } catch {
      tab?.close();
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      type="link"
      icon={download ? <DownloadOutlined /> : <FileTextOutlined />}
      loading={loading}
      onClick={open}
      style={{
        padding: 0,
        height: 'auto',
        maxWidth: '100%',
        whiteSpace: 'normal',
        textAlign: 'left',
        justifyContent: 'flex-start',
        alignSelf: 'flex-start',
      }}
    >
      <span style={{ wordBreak: 'break-all' }}>{file.name}</span>
    </Button>
  );
}
