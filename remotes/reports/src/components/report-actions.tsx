import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { saveFile } from '@bo/ui/list';
import { Alert, Button } from 'antd';
import { useState } from 'react';

// A report's export (a file written by the server) and its print view (the page without the application's
// frame, see the print rules of the shell's style sheet).
export function ReportActions({
  exportFile,
  fileName,
  disabled,
}: {
  exportFile?: () => Promise<{ blob: Blob; fileName: string | null }>;
  fileName: string;
  disabled?: boolean;
}) {
  const [exporting, setExporting] = useState(false);
  const [failed, setFailed] = useState(false);
  async function handleExport() {
    if (!exportFile) return;
    setExporting(true);
    setFailed(false);
    try {
      const file = await exportFile();
      saveFile(file.fileName ?? fileName, file.blob);
    } catch {
      setFailed(true);
    } finally {
      setExporting(false);
    }
  }
  return (
    <div className="bo-no-print" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
      {exportFile && (
        <Button icon={<DownloadOutlined />} onClick={() => void handleExport()} loading={exporting} disabled={disabled}>
          Exporter en CSV
        </Button>
      )}
      <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={disabled}>
        Imprimer
      </Button>
      {failed && <Alert type="error" showIcon title="L’export a échoué." />}
    </div>
  );
}
