// A remote is mounted by the shell through './routes'; this entry only keeps the async boundary that lets
// the shared singletons be negotiated first when the bundle is opened on its own.
import('./routes');
