/* The baseline of the start-up measurement (bench/startup.c): a C program
 * that does nothing, linked like the probe but without libd3d12.so. */
int main(void)
{
    return 0;
}
